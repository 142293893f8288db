import type { ReactNode } from 'react';
import { SiteContainer } from '@/components/shell/SiteContainer';
import type { ImageCopy } from '@/content/types';
import { classNames } from '@/lib/classNames';
import banner from '@/components/Banner.module.css';
import styles from './ImageHero.module.css';

/**
 * A page's banner, its h1, with an illustration beside it from md. Phones show the text alone: there the
 * illustration would be the largest paint, waiting on the network behind the scripts, while the text
 * paints with the first render.
 */
export function ImageHero({ title, lead, image, children }: { title: string; lead: string; image: ImageCopy; children?: ReactNode }) {
  return (
    <SiteContainer className={classNames(banner.banner, styles.hero)}>
      <div>
        <h1 className={classNames(banner.title, styles.title)}>{title}</h1>
        <p className={classNames(banner.lead, styles.lead)}>{lead}</p>
        {children}
      </div>
      {/* eslint-disable-next-line @next/next/no-img-element -- SVG with width and height set: the export is unoptimized, so next/image would only add script */}
      <img src={image.src} alt={image.alt} width={image.width} height={image.height} fetchPriority="high" className={styles.image} />
    </SiteContainer>
  );
}
