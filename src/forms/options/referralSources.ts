import type { Option } from '../definitions/types';
import { withOther } from './categories';

/**
 * 'How did you hear about us?' lists. The host organisation's entry has a fixed
 * value ('host-organisation') whatever the deployment calls itself, so stored answers stay
 * comparable when the {host} name changes. These are the sources both lists offer, before 'Other'.
 */
function commonSources(host: string): readonly Option[] {
  return [
    { value: 'ethereum-blog', label: 'Ethereum Blog' },
    { value: 'ethereum-community-events', label: 'Ethereum Community Events' },
    { value: 'host-organisation', label: host },
    { value: 'esp-newsletter', label: 'ESP Newsletter' },
    { value: 'social-media', label: 'Social Media' },
    { value: 'ecosystem-team-or-project', label: 'Other team/project in ecosystem' },
  ];
}

export function referralSources(host: string): readonly Option[] {
  return withOther(commonSources(host));
}

/** The academic grants wave list: the same plus 'Email received at the front', kept before 'Other'. */
export function grantsWaveReferralSources(host: string): readonly Option[] {
  return withOther([...commonSources(host), { value: 'email-received-at-the-front', label: 'Email received at the front' }]);
}
