import { AboutPage } from '@/components/content/AboutPage';
import { aboutPages, type AboutPageCopy } from '@/content/about';

// A content page: rendered at build time, it ships no React or Next script (src/light enhances it).
export const config = { unstable_runtimeJS: false };

export const getStaticProps = () => ({ props: { copy: aboutPages.grants } });

export default function AboutGrantsPage({ copy }: { copy: AboutPageCopy }) {
  return <AboutPage copy={copy} />;
}
