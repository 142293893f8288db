import { embeddedPosts } from '@/config/site';
import styles from './SocialEmbeds.module.css';

/**
 * The two posts above the footer, as plain links, each with an empty place for the rendered post
 * beside it. src/light/socialPosts.ts requests the provider's script only when this block comes near
 * the viewport, so it costs nothing to visitors who never scroll that far, and puts each post in
 * place of its link. Part of the public shell, which no page hydrates (pages/_document.tsx).
 */
export function SocialEmbeds() {
  return (
    <section aria-label="Publicaciones en redes sociales" data-light="social-posts" className={styles.region}>
      {embeddedPosts.map((url) => (
        <div key={url} className={styles.post} data-post="">
          <div data-post-target="" />
          <a href={url} className={styles.fallback} data-post-fallback="">
            Ver publicación en X
          </a>
        </div>
      ))}
    </section>
  );
}
