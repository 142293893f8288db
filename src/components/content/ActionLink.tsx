import { ButtonLink } from '@/components/Button';
import type { LinkCopy } from '@/content/types';

/** A call to action drawn as the site's button; `context` names its destination for screen readers when the label alone is vague. */
export function ActionLink({ link, context }: { link: LinkCopy; context?: string }) {
  return (
    <ButtonLink href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {link.label}
      {context ? <span className="sr-only">: {context}</span> : null}
      {link.external ? <span className="sr-only"> (se abre en una pestaña nueva)</span> : null}
    </ButtonLink>
  );
}
