import type { AppProps } from 'next/app';
import dynamic from 'next/dynamic';
import { ChakraProvider, chakra } from '@chakra-ui/react';
import 'react-toastify/dist/ReactToastify.css';
import { Analytics } from '@/components/Analytics';
import { SiteLayout } from '@/layouts/SiteLayout';
import { system } from '@/theme';
import { libreFranklin, plexMono } from '@/theme/fonts';

// The toast container renders nothing until a toast exists, so it need not delay the first paint.
const Toasts = dynamic(() => import('@/components/shell/Toasts').then((module) => module.Toasts), { ssr: false });

export default function App({ Component, pageProps, router }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <chakra.div className={`site-root ${libreFranklin.variable} ${plexMono.variable}`} fontFamily="body">
        <SiteLayout path={router.pathname}>
          <Component {...pageProps} />
        </SiteLayout>
        <Toasts />
      </chakra.div>
      <Analytics />
    </ChakraProvider>
  );
}
