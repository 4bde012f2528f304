import type { IconName } from '@/components/common/Icon';

/** SPEC §2's footer links, grouped into columns; labels are `nav:footer.links.<key>`. */
export const FOOTER_COLUMNS = [
  {
    key: 'company',
    links: [
      { key: 'aboutUs', href: '/public/about-us' },
      { key: 'helpAboutUs', href: '/help/about-us' },
    ],
  },
  {
    key: 'terms',
    links: [
      { key: 'disclaimer', href: '/public/disclaimer' },
      { key: 'privacy', href: '/public/privacy-statement' },
      { key: 'legalDisclaimer', href: '/legal/disclaimer' },
      { key: 'legalPrivacy', href: '/legal/privacy-statement' },
    ],
  },
] as const;

export const CONTACT_EMAIL = 'kontakt@trendvakt.no';

export const SOCIAL_LINKS: readonly { key: string; href: string; icon: IconName }[] = [
  { key: 'facebook', href: 'https://www.facebook.com/trendvakt', icon: 'facebook' },
  { key: 'linkedin', href: 'https://www.linkedin.com/company/trendvakt', icon: 'linkedin' },
  { key: 'x', href: 'https://x.com/trendvakt', icon: 'x' },
];
