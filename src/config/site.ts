/**
 * Everything a deployer changes, in one place. Each value can be overridden at build time by the
 * NEXT_PUBLIC_* variable beside it (listed in .env.example). Next inlines `process.env.NEXT_PUBLIC_*`
 * only when written out literally, hence one line per variable.
 */

function pick(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export const site = {
  /** The spec's {product}: page titles read "title | {product} Academy". */
  product: pick(process.env.NEXT_PUBLIC_PRODUCT_NAME, 'Cadena'),
  /** The spec's {brand}: "¿Por qué elegir {brand}?". */
  brand: pick(process.env.NEXT_PUBLIC_BRAND_NAME, 'Cadena Academy'),
  /** The spec's {host}: the host organisation named in referral-source lists. */
  host: pick(process.env.NEXT_PUBLIC_HOST_NAME, 'Cadena Academy'),
  /** Public origin of the site, for canonical URLs, Open Graph and the sitemap. No trailing slash. */
  url: pick(process.env.NEXT_PUBLIC_SITE_URL, 'http://localhost:3000').replace(/\/+$/, ''),
  description: pick(
    process.env.NEXT_PUBLIC_SITE_DESCRIPTION,
    'Aprende todo sobre blockchain en vivo y solicita becas y apoyo para proyectos del ecosistema Ethereum en Latinoamérica.',
  ),
} as const;

export const contact = {
  general: pick(process.env.NEXT_PUBLIC_CONTACT_EMAIL, 'hola@example.org'),
  academicGrants: pick(process.env.NEXT_PUBLIC_ACADEMIC_GRANTS_EMAIL, 'academic-grants@example.org'),
  devconGrants: pick(process.env.NEXT_PUBLIC_DEVCON_GRANTS_EMAIL, 'devcon-grants@example.org'),
} as const;

export const links = {
  exchange: pick(process.env.NEXT_PUBLIC_EXCHANGE_URL, 'https://exchange.example.org/'),
  academy: pick(process.env.NEXT_PUBLIC_ACADEMY_URL, 'https://academy.example.org/'),
  privacyPolicy: pick(process.env.NEXT_PUBLIC_PRIVACY_POLICY_URL, 'https://academy.example.org/privacidad/'),
  termsOfUse: pick(process.env.NEXT_PUBLIC_TERMS_OF_USE_URL, 'https://academy.example.org/terminos/'),
  cookiePolicy: pick(process.env.NEXT_PUBLIC_COOKIE_POLICY_URL, 'https://academy.example.org/cookies/'),
  devconSite: pick(process.env.NEXT_PUBLIC_DEVCON_URL, 'https://devcon.example.org/'),
} as const;

export type SocialNetwork = 'youtube' | 'telegram' | 'discord' | 'github' | 'twitter' | 'instagram' | 'linkedin';

/** The seven footer profiles, in the order the footer shows them. */
export const socialProfiles: ReadonlyArray<{ network: SocialNetwork; label: string; href: string }> = [
  { network: 'youtube', label: 'YouTube', href: pick(process.env.NEXT_PUBLIC_SOCIAL_YOUTUBE_URL, 'https://www.youtube.com/') },
  { network: 'telegram', label: 'Telegram', href: pick(process.env.NEXT_PUBLIC_SOCIAL_TELEGRAM_URL, 'https://t.me/') },
  { network: 'discord', label: 'Discord', href: pick(process.env.NEXT_PUBLIC_SOCIAL_DISCORD_URL, 'https://discord.com/') },
  { network: 'github', label: 'GitHub', href: pick(process.env.NEXT_PUBLIC_SOCIAL_GITHUB_URL, 'https://github.com/') },
  { network: 'twitter', label: 'X (Twitter)', href: pick(process.env.NEXT_PUBLIC_SOCIAL_TWITTER_URL, 'https://x.com/') },
  { network: 'instagram', label: 'Instagram', href: pick(process.env.NEXT_PUBLIC_SOCIAL_INSTAGRAM_URL, 'https://www.instagram.com/') },
  { network: 'linkedin', label: 'LinkedIn', href: pick(process.env.NEXT_PUBLIC_SOCIAL_LINKEDIN_URL, 'https://www.linkedin.com/') },
];

/** The two posts embedded above the footer: full post URLs on x.com / twitter.com. */
export const embeddedPosts: ReadonlyArray<string> = [
  pick(process.env.NEXT_PUBLIC_EMBED_POST_1_URL, 'https://twitter.com/ethereum/status/1572217296526192640'),
  pick(process.env.NEXT_PUBLIC_EMBED_POST_2_URL, 'https://twitter.com/ethereum/status/1570459553512882176'),
];

/**
 * The captcha provider's public site key (react-google-recaptcha). The default is Google's published
 * test key, which always passes: set the real key for production.
 */
export const recaptchaSiteKey = pick(process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY, '6LeIxAcTAAAAAJcZVRqyHh4Hdbpur2jWeGj0pprq');

/** Matomo-compatible page-view tracker; nothing loads unless both are set. */
export const analytics = {
  url: pick(process.env.NEXT_PUBLIC_ANALYTICS_URL, ''),
  siteId: pick(process.env.NEXT_PUBLIC_ANALYTICS_SITE_ID, ''),
} as const;

/**
 * Where a grantee's on-chain payment can be looked up: the transaction page's address with the
 * hash left off (e.g. https://etherscan.io/tx/). Empty by default: the hash is then shown as text.
 */
export const blockExplorerTxUrl = pick(process.env.NEXT_PUBLIC_BLOCK_EXPLORER_TX_URL, '');
