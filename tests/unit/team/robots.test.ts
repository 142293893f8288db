import { describe, expect, it } from 'vitest';
import { robotsTxt } from '../../../scripts/postexport';

describe('robots.txt', () => {
  it('keeps crawlers out of the team area and points them at the sitemap', () => {
    const text = robotsTxt('https://academia.example.org');
    expect(text.split('\n')).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /equipo/', '', 'Sitemap: https://academia.example.org/sitemap.xml', '']);
  });
});
