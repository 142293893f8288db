import NextLink from 'next/link';
import { chakra } from '@chakra-ui/react';
import { buttonRecipe } from '@/theme/recipes';

/** The site's one button style; `variant="outline"` for secondary actions. */
export const Button = chakra('button', buttonRecipe);

/** An internal link that looks like the site's button (calls to action). */
export const ButtonLink = chakra(NextLink, buttonRecipe);
