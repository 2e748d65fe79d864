import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { debounce } from '../../lib/debounce.ts';
import { MAX_KEYWORD_LENGTH } from '../../stores/search.ts';
import {
  loadSuggestions,
  moveActive,
  SUGGEST_DEBOUNCE_MS,
  type Suggestion,
} from '../../stores/searchSuggest.ts';

interface Props {
  keyword: string;
  areas: { live: boolean; vod: boolean };
  /** Texts in the page language, translated on the server. `count` has a `{count}` placeholder. */
  texts: {
    label: string;
    placeholder: string;
    submit: string;
    suggestions: string;
    count: string;
    none: string;
    channel: string;
    title: string;
  };
}

/**
 * The /search box: a plain GET form (it works before any script), and once hydrated a combobox that suggests
 * channels and titles while typing (WAI-ARIA combobox with a listbox). Arrow keys move through the
 * suggestions, Enter opens the chosen one or, with none chosen, runs the search; Escape closes the list.
 */
export default function SearchBox({ keyword, areas, texts }: Props) {
  const [value, setValue] = useState(keyword);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [answered, setAnswered] = useState(false);
  const latest = useRef(0);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const suggest = useMemo(
    () =>
      debounce((typed: string) => {
        const ask = ++latest.current;
        void loadSuggestions(typed, areas).then((list) => {
          // A slower answer to an older keystroke must not replace a newer one.
          if (ask !== latest.current) return;
          setSuggestions(list);
          setActive(-1);
          setAnswered(true);
          setOpen(true);
        });
      }, SUGGEST_DEBOUNCE_MS),
    [areas],
  );
  useEffect(() => () => suggest.cancel(), [suggest]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const shown = open && suggestions.length > 0;

  return (
    <search>
      <form className="vod-search" method="get" action="/search">
        <label htmlFor="keyword" className="visually-hidden">
          {texts.label}
        </label>
        <div className="search-box">
          <input
            id="keyword"
            name="keyword"
            type="search"
            value={value}
            maxLength={MAX_KEYWORD_LENGTH}
            placeholder={texts.placeholder}
            autoComplete="off"
            enterKeyHint="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={shown}
            aria-controls={listId}
            aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setAnswered(false);
              latest.current++;
              if (e.target.value.trim() === '') {
                suggest.cancel();
                setSuggestions([]);
                close();
              } else suggest(e.target.value);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                if (suggestions.length === 0) return;
                e.preventDefault();
                setOpen(true);
                setActive((a) =>
                  moveActive(open ? a : -1, suggestions.length, e.key === 'ArrowDown' ? 1 : -1),
                );
              } else if (e.key === 'Enter') {
                const chosen = shown && active >= 0 ? suggestions[active] : undefined;
                if (chosen) {
                  e.preventDefault();
                  window.location.assign(chosen.href);
                } else suggest.cancel();
              } else if (e.key === 'Escape' && shown) {
                e.preventDefault();
                close();
              }
            }}
            onBlur={() => close()}
          />
          <div
            id={listId}
            role="listbox"
            aria-label={texts.suggestions}
            className="search-box__list"
            hidden={!shown}
          >
            {suggestions.map((s, i) => (
              <div
                key={s.key}
                id={optionId(i)}
                role="option"
                tabIndex={-1}
                aria-selected={i === active}
                className="search-box__option"
                // mousedown, not click: the input's blur would close the list first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  window.location.assign(s.href);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="search-box__kind">{s.kind === 'channel' ? texts.channel : texts.title}</span>
                <span>{s.label}</span>
              </div>
            ))}
          </div>
        </div>
        <button type="submit" className="vod-btn vod-btn--primary">
          {texts.submit}
        </button>
        <p className="visually-hidden" role="status" aria-live="polite">
          {answered && open
            ? suggestions.length > 0
              ? texts.count.replace('{count}', String(suggestions.length))
              : texts.none
            : ''}
        </p>
      </form>
    </search>
  );
}
