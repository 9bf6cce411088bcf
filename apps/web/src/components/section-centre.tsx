import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import './section-centre.css';

type SectionCentreProps<Section extends string> = {
  sections: readonly Section[];
  menuLabel: string;
  labelOf: (section: Section) => string;
  /** The content of a section (the centre lists only sections that exist). */
  renderSection?: (section: Section) => ReactNode;
  /** Shown after a section's label in the menu (an unread count). */
  badgeOf?: (section: Section) => ReactNode;
};

/** A centre with a section menu; the `page` query parameter selects the open section. */
export function SectionCentre<Section extends string>({
  sections,
  menuLabel,
  labelOf,
  renderSection,
  badgeOf,
}: SectionCentreProps<Section>) {
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('page');
  const current = sections.find((section) => section === requested) ?? sections[0];
  if (current === undefined) return null;
  return (
    <div className="centre">
      <nav className="centre__menu" aria-label={menuLabel}>
        <ul>
          {sections.map((section) => (
            <li key={section}>
              <Link
                to={`?page=${section}`}
                className="centre__link"
                aria-current={section === current ? 'page' : undefined}
              >
                {labelOf(section)}
                {badgeOf?.(section)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="centre__content" aria-labelledby="centre-section-title">
        <h2 id="centre-section-title">{labelOf(current)}</h2>
        {renderSection?.(current)}
      </section>
    </div>
  );
}
