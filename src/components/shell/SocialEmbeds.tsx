import { embeddedPosts } from '@/config/site';
import styles from './SocialEmbeds.module.css';

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** Each post as a plain link, with an empty place for the rendered post beside it. */
const postsMarkup = embeddedPosts
  .map(
    (url) =>
      `<div class="${styles.post}" data-post=""><div data-post-target=""></div>` +
      `<a href="${escapeAttribute(url)}" class="${styles.fallback}" data-post-fallback="">Ver publicación en X</a></div>`,
  )
  .join('');

/**
 * The two posts above the footer, as plain links. src/light/socialPosts.ts requests the provider's
 * script only when this block comes near the viewport, so it costs nothing to visitors who never
 * scroll that far, and puts each post in place of its link. The posts are written as inner HTML so
 * that React, where a page hydrates, leaves what the script put there alone.
 */
export function SocialEmbeds() {
  return <section aria-label="Publicaciones en redes sociales" data-light="social-posts" className={styles.region} dangerouslySetInnerHTML={{ __html: postsMarkup }} />;
}
