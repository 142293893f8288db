import { useRouter } from 'next/router';
import { site } from '@/config/site';

export type PageMetaProps = {
  /** The page's own title; the site suffix is added here. */
  title: string;
  description?: string;
  /** Confirmation pages and the like stay out of search results. */
  noindex?: boolean;
};

export function pageTitle(title: string): string {
  return `${title} | ${site.product} Academy`;
}

/** Absolute URL of a route on the public site, with the trailing slash the export uses. */
export function canonicalUrl(path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '/';
  const withSlash = clean.endsWith('/') ? clean : `${clean}/`;
  return `${site.url}${withSlash}`;
}

/**
 * The page's <head> metadata, rendered where the page is: React 19 hoists <title>, <meta> and
 * <link> into the document head (scripts/postexport.ts moves them there in the exported HTML), so
 * no head manager ships with every page. Next adds the viewport and charset tags itself.
 */
export function PageMeta({ title, description = site.description, noindex = false }: PageMetaProps) {
  const { asPath } = useRouter();
  const fullTitle = pageTitle(title);
  const url = canonicalUrl(asPath);
  const image = `${site.url}/og-image.png`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <link rel="canonical" href={url} />
      <meta property="og:type" content="website" />
      <meta property="og:locale" content="es_419" />
      <meta property="og:site_name" content={`${site.product} Academy`} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
    </>
  );
}
