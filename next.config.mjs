import fs from 'node:fs';
import path from 'node:path';

// REVIEW_CONFIG (src/config/review.ts): the deployer's rubric file, inlined so the programme pages
// publish the same selection criteria the API server (which reads the file at start) scores with.
const reviewConfig = process.env.REVIEW_CONFIG ? fs.readFileSync(path.resolve(process.cwd(), process.env.REVIEW_CONFIG), 'utf8') : '';

// Static export: the whole site is plain files in out/, servable by any CDN or by our API server.
/** @type {import('next').NextConfig} */
const config = {
  output: 'export',
  trailingSlash: true,
  images: { unoptimized: true, deviceSizes: [640, 750, 828, 1080, 1200, 1920, 2048, 3840] },
  reactStrictMode: true,
  poweredByHeader: false,
  env: { REVIEW_CONFIG_JSON: reviewConfig },
};

export default config;
