import type { AppProps } from 'next/app';
import { ChakraProvider, chakra } from '@chakra-ui/react';
import 'react-toastify/dist/ReactToastify.css';
import { Analytics } from '@/components/Analytics';
import { ToastOutlet } from '@/components/shell/ToastOutlet';
import { SiteLayout } from '@/layouts/SiteLayout';
import { system } from '@/theme';
import { libreFranklin, plexMono } from '@/theme/fonts';

export default function App({ Component, pageProps, router }: AppProps) {
  return (
    <ChakraProvider value={system}>
      <chakra.div className={`site-root ${libreFranklin.variable} ${plexMono.variable}`} fontFamily="body">
        <SiteLayout path={router.pathname}>
          <Component {...pageProps} />
        </SiteLayout>
        <ToastOutlet />
      </chakra.div>
      <Analytics />
    </ChakraProvider>
  );
}
