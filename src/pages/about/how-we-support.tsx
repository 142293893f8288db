import { AboutPage } from '@/components/content/AboutPage';
import { aboutPages, type AboutPageCopy } from '@/content/about';

export const getStaticProps = () => ({ props: { copy: aboutPages.howWeSupport } });

export default function HowWeSupportPage({ copy }: { copy: AboutPageCopy }) {
  return <AboutPage copy={copy} />;
}
