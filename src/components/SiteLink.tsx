import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * next/link without viewport prefetching: on a phone the prefetch of every linked page's data and
 * script ran in the seconds after load (Lighthouse counted up to ~450 ms of blocking time for it on
 * a content page) and spent the visitor's data on pages they may not open. Next still prefetches on
 * hover and loads on click.
 */
export function SiteLink(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
