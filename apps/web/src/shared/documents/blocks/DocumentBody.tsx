import {
  createContext,
  lazy,
  memo,
  startTransition,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { LeftOutlined, LinkOutlined, RightOutlined } from '@ant-design/icons';
import {
  documentMessages,
  sectionAnchor,
  type Answer,
  type DocumentEntity,
  type OutlineEntry,
  type PublicDocument,
} from '@planning/shared';
// The question helpers' small pure rules only: their blocks arrive lazily, below.
import { questionAnchor } from '../questions/rules';
import { useNearViewport } from '../hooks';
import { headingLinkUrl, pageHeroId } from '../sections';

/** What every block of the page may need: the document, its outline and the reader's answers. */
export type BodyContext = {
  document: PublicDocument;
  outline: ReadonlyMap<string, OutlineEntry>;
  share: string | null;
  answers: readonly Answer[];
  onCopied: (text: string) => void;
};
const Body = createContext<BodyContext | null>(null);
const useBody = () => {
  const body = useContext(Body);
  if (!body) throw new Error('a document block outside <DocumentBody>');
  return body;
};

type Entity<T extends DocumentEntity['type']> = Extract<DocumentEntity, { type: T }>;

// The answer forms (antd Select, TextArea, Modal) stay out of the page's first script (issue 14:
// 300 kB) but are fetched as soon as a document with questions renders, not when scrolled to: a
// keyboard pass or a screen reader's form list must find every question (issue 25).
const loadQuestionBlock = () =>
  import('../questions/QuestionBlock').then((module) => ({ default: module.QuestionBlock }));
const QuestionBlock = lazy(loadQuestionBlock);
// Charts and the map block's layer lists are fetched once such a block comes near the viewport.
const MapBlock = lazy(() => import('./MapBlock').then((module) => ({ default: module.MapBlock })));
const DocumentChart = lazy(() =>
  import('../chart/DocumentChart').then((module) => ({ default: module.DocumentChart })),
);

/** Top-level sections in the first paint, then how many more each later step adds. */
const FIRST_SECTIONS = 3;
const SECTIONS_PER_STEP = 1;

/** Spec 02 §2 Public document page: the root section's children, in order, every block type. */
export function DocumentBody({ document, outline, share, answers, onCopied }: BodyContext) {
  const { config } = document;
  // One value while its parts are unchanged, so a page that renders again for another reason (a
  // status poll, the header's answers) does not render every block again (EntityView is memo).
  const context = useMemo(
    () => ({ document, outline, share, answers, onCopied }),
    [document, outline, share, answers, onCopied],
  );
  const root = config.entities[config.root];
  const children = root?.childSectionIds ?? [];
  // A hero named by the config but placed nowhere in the tree still opens the page.
  const hero = config.heroSection && !children.includes(config.heroSection) ? config.heroSection : null;
  // The first sections paint at once; the rest follow a few at a time, each step a transition
  // started once the step before is on screen. React slices a transition's rendering but puts it
  // on screen in one task, so the whole rest at once held a phone's main thread for a third of a
  // second (Lighthouse's blocking time); a few sections at a time never do.
  // An address naming a heading renders them all at once, so the heading is there to scroll to.
  const [shown, setShown] = useState(() => (window.location.hash !== '' ? children.length : FIRST_SECTIONS));
  useEffect(() => {
    if (shown < children.length) startTransition(() => setShown(shown + SECTIONS_PER_STEP));
  }, [shown, children.length]);
  return (
    <Body value={context}>
      {hero && <EntityView id={hero} level={2} />}
      {children.slice(0, shown).map((id) => (
        <EntityView key={id} id={id} level={2} />
      ))}
    </Body>
  );
}

/** One entity by id; `level` is the heading level its section would take (2 at the top). */
const EntityView = memo(function EntityView({ id, level }: { id: string; level: number }) {
  const { document } = useBody();
  const item = Object.hasOwn(document.config.entities, id) ? document.config.entities[id] : undefined;
  if (!item) return null;
  switch (item.type) {
    case 'section':
    case 'subSection':
      return <SectionView item={item} level={level} />;
    case 'hero':
      return <HeroBlock item={item} />;
    case 'carouselSection':
      return <CarouselBlock item={item} level={level} />;
    case 'tableOfContents':
      return <ContentsBlock title={item.title} />;
    case 'divider':
      return <hr className="document-divider" />;
    case 'textBlock':
      // Rendered and sanitised by the server through the rich text allow-list (see its README).
      return typeof item.content === 'string' ? (
        <div className="document-text" dangerouslySetInnerHTML={{ __html: item.content }} />
      ) : null;
    case 'image':
      return (
        <figure className="document-image">
          <img src={item.src} alt={item.alt} loading="lazy" decoding="async" />
          {item.caption && <figcaption>{item.caption}</figcaption>}
        </figure>
      );
    case 'table':
      return <TableBlock item={item} />;
    case 'video':
      return <VideoBlock item={item} />;
    case 'tagTopic':
      return (
        <div className="document-tags">
          {item.title && <p className="document-tags__title">{item.title}</p>}
          <ul className="document-tags__list" aria-label={item.title || 'Topics'}>
            {item.tags.map((tag) => (
              <li key={tag}>{tag}</li>
            ))}
          </ul>
        </div>
      );
    case 'chart':
      return <ChartView item={item} />;
    case 'link':
      return <LinkBlock item={item} />;
    case 'map':
      return <MapBlockView item={item} level={level} />;
    case 'poll':
    case 'question':
      return <QuestionView question={item.question} blockId={item.id} />;
  }
});

function QuestionView({ question, blockId }: { question: Entity<'question'>['question']; blockId: string }) {
  const { document, answers } = useBody();
  // Until its code arrives (moments after the page): the question as text, under the anchor My
  // responses links to. Mounted at once, wherever it is on the page.
  const preview = (
    <div id={questionAnchor(question.id)} className="document-question__preview">
      <h3 className="question-title">{question.title}</h3>
      {typeof question.question === 'string' && question.question !== '' && (
        <div className="question-text" dangerouslySetInnerHTML={{ __html: question.question }} />
      )}
    </div>
  );
  return (
    <div className="document-question" data-block={blockId}>
      <Suspense fallback={preview}>
        <QuestionBlock
          documentId={document.id}
          question={question}
          answers={answers}
          viewer={document.viewer}
        />
      </Suspense>
    </div>
  );
}

function ChartView({ item }: { item: Entity<'chart'> }) {
  const [holder, near] = useNearViewport<HTMLDivElement>();
  // The chart's own size while its code arrives, so the page does not jump.
  const placeholder = (
    <figure className="document-chart">
      <figcaption className="document-chart__title">{item.chartName}</figcaption>
      <div className="document-chart__placeholder" aria-hidden />
    </figure>
  );
  return (
    <div ref={holder}>
      {near ? (
        <Suspense fallback={placeholder}>
          <DocumentChart config={item} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

function MapBlockView({ item, level }: { item: Entity<'map'>; level: number }) {
  const { document, share } = useBody();
  const [holder, near] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <div className="document-map-block" data-block={item.id}>
      {item.caption && <p className="document-map-block__caption">{item.caption}</p>}
      <div className="document-map" data-map-state="waiting">
        <div className="document-map__placeholder" aria-hidden>
          Loading map…
        </div>
      </div>
    </div>
  );
  return (
    <div ref={holder}>
      {near ? (
        <Suspense fallback={placeholder}>
          <MapBlock documentId={document.id} share={share} block={item} headingLevel={level} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

const Heading = ({ level, id, children }: { level: number; id: string; children: ReactNode }) => {
  const Tag = `h${Math.min(6, Math.max(2, level))}` as 'h2';
  return (
    <Tag id={id} className="document-section__heading">
      {children}
    </Tag>
  );
};

/** A section or sub-section: numbered heading ('1', '1.1'), its anchor and a copy-link button. */
function SectionView({ item, level }: { item: Entity<'section'> | Entity<'subSection'>; level: number }) {
  const { outline, onCopied } = useBody();
  const entry = outline.get(item.id);
  const anchor = entry?.anchor ?? sectionAnchor(item.id);
  const headingId = `${anchor}-heading`;
  const label = [entry?.number, item.title].filter(Boolean).join(' ');
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(headingLinkUrl(window.location.href, anchor));
      onCopied(documentMessages.headingLinkCopied);
    } catch {
      onCopied('The link could not be copied: your browser did not allow it');
    }
  };
  return (
    <section
      id={anchor}
      className={`document-section document-section--${item.type}`}
      aria-labelledby={headingId}
    >
      <div className="document-section__head">
        <Heading level={level} id={headingId}>
          {entry?.number && <span className="document-section__number">{entry.number}</span>}
          {item.title}
        </Heading>
        <button
          type="button"
          className="document-section__copy"
          title="Copy link to this heading"
          aria-label={`Copy link to heading ${label}`}
          onClick={() => void handleCopy()}
        >
          <LinkOutlined aria-hidden />
        </button>
      </div>
      {(item.childSectionIds ?? []).map((id) => (
        <EntityView key={id} id={id} level={level + 1} />
      ))}
    </section>
  );
}

function HeroBlock({ item }: { item: Entity<'hero'> }) {
  const { document } = useBody();
  // The opening hero's title is the page's heading; any other hero's is a line of text.
  const Title = pageHeroId(document.config) === item.id ? 'h1' : 'p';
  return (
    <div className={`document-hero${item.imageURL ? ' document-hero--image' : ''}`}>
      {item.imageURL && <img className="document-hero__image" src={item.imageURL} alt="" />}
      <div className="document-hero__text">
        <Title className="document-hero__title">{item.title}</Title>
        {item.subtitle && <p className="document-hero__subtitle">{item.subtitle}</p>}
      </div>
    </div>
  );
}

/** The document's sections as links (a table of contents block, and the side contents). */
export function ContentsList({ entries, label }: { entries: readonly OutlineEntry[]; label: string }) {
  return (
    <ol className="document-contents__list" aria-label={label}>
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={`document-contents__item document-contents__item--${Math.min(entry.depth, 3)}`}
        >
          <a href={`#${entry.anchor}`}>
            {entry.number && <span className="document-contents__number">{entry.number}</span>}
            {entry.title}
          </a>
        </li>
      ))}
    </ol>
  );
}

function ContentsBlock({ title }: { title: string | undefined }) {
  const { outline } = useBody();
  const entries = [...outline.values()];
  return (
    <nav className="document-contents" aria-label={title || 'Contents'}>
      <p className="document-contents__title">{title || 'Contents'}</p>
      <ContentsList entries={entries} label={title || 'Contents'} />
    </nav>
  );
}

function TableBlock({ item }: { item: Entity<'table'> }) {
  return (
    // Focusable so a keyboard can scroll a wide table (WCAG 2.1.1).
    <div className="document-table" role="region" aria-label={item.caption || 'Table'} tabIndex={0}>
      <table className="document-table__table">
        {item.caption && <caption>{item.caption}</caption>}
        {item.header.length > 0 && (
          <thead>
            <tr>
              {item.header.map((cell, index) => (
                <th key={index} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
        )}
        <tbody>
          {item.rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A video of our own (served from this site) plays in place. Any other address is a link card:
 * no third-party player, cookie or request until the reader chooses to go there.
 */
function VideoBlock({ item }: { item: Entity<'video'> }) {
  let url: URL | null = null;
  try {
    url = new URL(item.url);
  } catch {
    url = null;
  }
  const own = url?.origin === window.location.origin;
  return (
    <figure className="document-video">
      {own ? (
        <video controls preload="metadata" src={item.url} aria-label={item.title || 'Video'}>
          <a href={item.url}>Download the video</a>
        </video>
      ) : (
        <a className="document-link-card" href={item.url} target="_blank" rel="noopener noreferrer">
          <span className="document-link-card__title">{item.title || 'Watch the video'}</span>
          <span className="document-link-card__host">
            Video on {url?.hostname ?? item.url} (opens in a new tab; that site may set cookies)
          </span>
        </a>
      )}
      {item.caption && <figcaption>{item.caption}</figcaption>}
    </figure>
  );
}

function LinkBlock({ item }: { item: Entity<'link'> }) {
  const external = /^https?:/i.test(item.url);
  return (
    <a
      className="document-link-card"
      href={item.url}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <span className="document-link-card__title">{item.title}</span>
      {item.description && <span className="document-link-card__description">{item.description}</span>}
      <span className="document-link-card__host">
        {external ? `${hostOf(item.url)} (opens in a new tab)` : item.url.replace(/^mailto:/i, '')}
      </span>
    </a>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** An accessible carousel: one slide at a time, previous and next buttons, the position announced. */
function CarouselBlock({ item, level }: { item: Entity<'carouselSection'>; level: number }) {
  const slides = item.childSectionIds ?? [];
  const [index, setIndex] = useState(0);
  if (slides.length === 0) return null;
  const current = Math.min(index, slides.length - 1);
  const go = (delta: number) => setIndex((current + delta + slides.length) % slides.length);
  const label = item.title || 'Carousel';
  return (
    <section className="document-carousel" aria-roledescription="carousel" aria-label={label}>
      {item.title && <p className="document-carousel__title">{item.title}</p>}
      <div className="document-carousel__controls">
        <button type="button" className="public-button" onClick={() => go(-1)} aria-label="Previous slide">
          <LeftOutlined aria-hidden />
        </button>
        <span className="document-carousel__position" aria-live="polite">
          Slide {current + 1} of {slides.length}
        </span>
        <button type="button" className="public-button" onClick={() => go(1)} aria-label="Next slide">
          <RightOutlined aria-hidden />
        </button>
      </div>
      <div
        className="document-carousel__slide"
        role="group"
        aria-roledescription="slide"
        aria-label={`${current + 1} of ${slides.length}`}
      >
        <EntityView key={slides[current]} id={slides[current]!} level={level} />
      </div>
    </section>
  );
}
