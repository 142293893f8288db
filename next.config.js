// Static export: the whole site is plain files in out/, servable by any CDN or by our API server.
/** @type {import('next').NextConfig} */
module.exports = {
  output: 'export',
  trailingSlash: true,
  images: { unoptimized: true, deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840] },
  reactStrictMode: true,
  poweredByHeader: false,
};
