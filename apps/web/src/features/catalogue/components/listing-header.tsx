import { PageContainer } from '@/components/ui/page-container.tsx';

/**
 * The listing's own, shorter page header (same stone band, gold overline and one h1 as the shell's PageHeader):
 * on a catalogue page the rugs, not the introduction, should meet the eye above the fold. Plain elements
 * (styles/listing.css), as the rest of the listing's first paint (decision 067).
 */
export function ListingHeader({
  overline,
  title,
  intro,
}: {
  overline: string;
  title: string;
  intro: string;
}) {
  return (
    <header className="kw-listing-header">
      <PageContainer className="kw-listing-header__container">
        <p className="kw-listing-header__overline">{overline}</p>
        <h1 className="kw-listing-header__title">{title}</h1>
        <p className="kw-listing-header__intro">{intro}</p>
      </PageContainer>
    </header>
  );
}
