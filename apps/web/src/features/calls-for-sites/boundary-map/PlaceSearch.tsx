import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PLACE_SEARCH_LIMITS,
  placeSearchMessages as M,
  placeSearchResultSchema,
  type Place,
} from '@planning/shared';
import { api, ApiError } from '../../../api/client';
import {
  movedActive,
  movedAnnouncement,
  PLACE_SEARCH_DEBOUNCE_MS,
  searchableQuery,
  searchAnnouncement,
  type SearchState,
} from './placeSearchRules';

type PlaceSearchProps = {
  /** The place chosen: the map goes there. */
  onChoose: (place: Place) => void;
};

/** The value once it has stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Issue 27 point 2: find a town, a village or a postcode and the boundary map goes there. An ARIA
 * 1.2 combobox with a list (WAI-ARIA Authoring Practices): type, then Down and Up move through the
 * places, Enter chooses, Escape closes the list and then empties the box; how many places were
 * found, and that the map moved, is said in a live region. No antd: a native input and list, on
 * a public page.
 */
export function PlaceSearch({ onChoose }: PlaceSearchProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [moved, setMoved] = useState('');
  const query = searchableQuery(useSettled(text, PLACE_SEARCH_DEBOUNCE_MS));
  const search = useQuery({
    queryKey: ['public', 'places', query],
    queryFn: ({ signal }) =>
      api.get('/public/places', placeSearchResultSchema, { query: { q: query ?? '' }, signal }),
    enabled: query !== null,
    staleTime: 10 * 60_000,
    retry: false,
    // The list stays while the next query's places come, rather than blinking empty.
    placeholderData: keepPreviousData,
  });
  const places = query !== null ? (search.data?.places ?? []) : [];
  // New places: nothing is chosen among them yet.
  const [seen, setSeen] = useState(search.data);
  if (seen !== search.data) {
    setSeen(search.data);
    setActive(-1);
  }
  const expanded = open && places.length > 0;

  const state: SearchState =
    !open || query === null
      ? { kind: 'idle' }
      : search.isError
        ? { kind: 'failed', ...(search.error instanceof ApiError && { message: search.error.message }) }
        : search.isFetching && !search.data
          ? { kind: 'searching' }
          : search.data
            ? { kind: 'found', count: places.length }
            : { kind: 'idle' };

  const choose = (place: Place) => {
    setText(place.name);
    setOpen(false);
    setActive(-1);
    setMoved(movedAnnouncement(place));
    onChoose(place);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive(movedActive(expanded ? active : -1, places.length, event.key));
    } else if (event.key === 'Enter') {
      // Never the submission form's Enter: the box is inside it.
      event.preventDefault();
      const place = expanded ? places[active] : undefined;
      if (place) choose(place);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      if (expanded) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        event.preventDefault();
        event.stopPropagation();
        setText('');
      }
    }
  };

  const optionId = (index: number) => `${id}-place-${index}`;
  return (
    <div className="place-search" role="search" aria-label={M.label}>
      <label className="place-search__label" htmlFor={`${id}-input`}>
        {M.label}
      </label>
      <p className="place-search__hint" id={`${id}-hint`}>
        {M.hint}
      </p>
      <div className="place-search__box">
        <input
          id={`${id}-input`}
          className="place-search__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={PLACE_SEARCH_LIMITS.maxLength}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={`${id}-list`}
          aria-describedby={`${id}-hint`}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setMoved('');
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => setOpen(false)}
        />
        <ul
          className="place-search__list"
          id={`${id}-list`}
          role="listbox"
          aria-label="Places"
          hidden={!expanded}
        >
          {expanded &&
            places.map((place, index) => (
              <li
                key={`${place.kind}:${place.name}:${place.description}:${index}`}
                id={optionId(index)}
                className="place-search__option"
                role="option"
                aria-selected={index === active}
                // Chosen on press, before the box's blur closes the list.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
              >
                <span className="place-search__name">{place.name}</span>
                <span className="place-search__description">{place.description}</span>
              </li>
            ))}
        </ul>
      </div>
      <p className="visually-hidden" role="status">
        {moved || searchAnnouncement(state)}
      </p>
    </div>
  );
}
