/**
 * Shapes of the Spanish copy in src/content/. Pages receive it through getStaticProps, so it
 * travels as JSON in the HTML instead of in the JavaScript bundle: every field must be
 * JSON-serialisable, and optional fields are left out rather than set to undefined.
 */

export type PageMetaCopy = { title: string; description: string };

export type LinkCopy = { label: string; href: string; /** Opens another site in a new tab. */ external?: boolean };

export type ImageCopy = { src: string; alt: string; width: number; height: number };

export type FaqItemCopy = { question: string; answer: string[] };

export type CardCopy = { title: string; text: string; link?: LinkCopy };

/**
 * Names a node whose words the page's own script (src/light) may change at run time: rendered as its
 * data-light attribute, by which the script finds it (the round pages' facts, src/light/roundPage.ts).
 */
export type LightName = { light?: string };

/** One block of a section's body, rendered by RichBlocks. */
export type Block =
  | ({ kind: 'paragraph'; text: string } & LightName)
  | ({ kind: 'list'; items: string[]; ordered?: boolean } & LightName)
  | { kind: 'steps'; items: Array<{ title: string; text: string } & LightName> }
  | { kind: 'cards'; items: CardCopy[] }
  | ({ kind: 'stats'; items: Array<{ value: string; label: string }> } & LightName)
  | { kind: 'faq'; items: FaqItemCopy[] }
  /** `hidden`: in the HTML but not shown, until the page's script shows it (a call to apply while the build's round is not open). */
  | ({ kind: 'action'; link: LinkCopy; hidden?: boolean } & LightName);

/** A titled part of a page; `id` is its anchor, which links to the section. */
export type SectionCopy = { id: string; title: string; /** Short label for the sidebar, when the title is long. */ navLabel?: string; blocks: Block[] };

/** A highlighted announcement under a banner's lead; `lang` when it is not in Spanish. */
export type BannerNoteCopy = { text: string; lang?: string } & LightName;

export type BannerCopy = { title: string; lead: string; note?: BannerNoteCopy };

/** A page made of a banner and anchored sections, with the sidebar of section links. */
export type SectionedPageCopy = {
  meta: PageMetaCopy;
  banner: BannerCopy;
  sidebarLabel: string;
  sections: SectionCopy[];
};

/** A course as its card shows it. */
export type CourseCardCopy = {
  title: string;
  summary: string;
  badges: string[];
  duration: string;
  link: LinkCopy;
  image: ImageCopy;
};

/** A programme as its card shows it: one call to action. */
export type ProgrammeCardCopy = { title: string; text: string; link: LinkCopy };

/** One tab of a tab list whose panels are content (not routes); `id` is its panel's anchor, which the tab links to. */
export type ContentTabCopy = { id: string; label: string; title: string; blocks: Block[] };
