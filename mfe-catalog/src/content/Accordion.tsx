import { useCallback, useId, useState } from 'react';

export interface AccordionEntry {
  id: string;
  question: string;
  answer: string;
}

export interface AccordionProps {
  items: readonly AccordionEntry[];
  /** Level of the question headings, below the heading of the section that holds the accordion. */
  headingLevel: 2 | 3;
}

/**
 * Questions that open and close their answer (WAI-ARIA accordion pattern): each question is a
 * button inside a heading, with aria-expanded and aria-controls; being a native button, Enter and
 * Space toggle it. Several answers can be open at once; a closed answer stays in the document, hidden.
 */
export function Accordion({ items, headingLevel }: AccordionProps) {
  const prefix = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback((id: string) => {
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div className="cat-accordion">
      {items.map((item) => {
        const expanded = open.has(item.id);
        const buttonId = `${prefix}-question-${item.id}`;
        const panelId = `${prefix}-reponse-${item.id}`;
        return (
          <div key={item.id} className={`cat-accordion__item${expanded ? ' cat-accordion__item--open' : ''}`}>
            <Heading className="cat-accordion__heading">
              <button
                type="button"
                id={buttonId}
                className="sk-row-button cat-accordion__trigger"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span className="cat-accordion__question">{item.question}</span>
                <span className="cat-accordion__icon" aria-hidden="true" />
              </button>
            </Heading>
            <div id={panelId} className="cat-accordion__panel" hidden={!expanded}>
              <p className="cat-accordion__answer">{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
