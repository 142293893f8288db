import { AboutPage } from '@/components/content/AboutPage';
import { aboutPages, type AboutPageCopy } from '@/content/about';

export const getStaticProps = () => ({ props: { copy: aboutPages.grants } });

export default function AboutGrantsPage({ copy }: { copy: AboutPageCopy }) {
  return <AboutPage copy={copy} />;
}
