// The stylesheets of the public shell, which pages/_document.tsx renders on the server only: no module
// of the browser imports the shell's components, so their CSS modules reach the pages from here (the
// app imports this file). The build fails a page whose HTML names a class of a CSS module that none of
// its stylesheets defines (scripts/postexport.ts), so a new module in the shell cannot be forgotten here.
import './SiteLayout.module.css';
import '@/components/shell/Header.module.css';
import '@/components/shell/MobileMenu.module.css';
import '@/components/shell/Logo.module.css';
import '@/components/shell/NavLink.module.css';
import '@/components/shell/SiteContainer.module.css';
import '@/components/content/RouteTabNav.module.css';
import '@/components/shell/Newsletter.module.css';
import '@/components/Button.module.css';
import '@/components/shell/SocialEmbeds.module.css';
import '@/components/shell/Footer.module.css';
