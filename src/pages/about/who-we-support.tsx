import { AboutPage } from '@/components/content/AboutPage';
import { aboutPages, type AboutPageCopy } from '@/content/about';

export const getStaticProps = () => ({ props: { copy: aboutPages.whoWeSupport } });

export default function WhoWeSupportPage({ copy }: { copy: AboutPageCopy }) {
  return <AboutPage copy={copy} />;
}
