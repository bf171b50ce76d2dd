import { onLinkClick, usePath } from '../router.ts';

const LINKS: readonly [string, string][] = [
  ['/intricacy', 'Start'],
  ['/intricacy/pick', 'Pick a lock'],
  ['/intricacy/tutorial', 'Tutorial'],
  ['/intricacy/initiation', 'Initiation'],
  ['/intricacy/edit', 'Lock editor'],
  ['/intricacy/meta', 'Metagame'],
];

/** The Intricacy section's own links, above each of its pages. */
export function IntricacyNav() {
  const path = usePath().replace(/\/+$/, '');
  return (
    <nav className="subnav" aria-label="Intricacy">
      {LINKS.map(([href, title]) => (
        <a
          key={href}
          href={href}
          onClick={onLinkClick}
          aria-current={
            path === href || (href !== '/intricacy' && path.startsWith(href)) ? 'page' : undefined
          }
        >
          {title}
        </a>
      ))}
    </nav>
  );
}
