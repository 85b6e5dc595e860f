/**
 * Where Min side moves the focus when what is shown changes. The move happens in the same commit as
 * the change (useLayoutEffect): with useEffect it came a moment after the new content, and a screen
 * reader, or a test, that looked as soon as the new content showed found the focus on the page's body.
 */
import { useLayoutEffect, useRef } from 'react';

/** A ref whose element takes the focus whenever `when` becomes a value that is set (again a new one: the same refusal twice). */
export function useFocusWhen<T extends HTMLElement>(when: unknown) {
  const target = useRef<T>(null);
  useLayoutEffect(() => {
    if (when) target.current?.focus();
  }, [when]);
  return target;
}

/**
 * A question asked in place of its button ('Er du sikker?'): the question takes the focus when it
 * opens, and the button gets it back when the question closes, unless `stayAway` was called first
 * (what the answer did takes the focus, or the button is gone).
 */
export function useQuestionFocus<Q extends HTMLElement, B extends HTMLElement>(asking: boolean) {
  const question = useRef<Q>(null);
  const button = useRef<B>(null);
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (asking) question.current?.focus();
    else if (asked.current) button.current?.focus();
    asked.current = asking;
  }, [asking]);
  const stayAway = () => {
    asked.current = false;
  };
  return { question, button, stayAway };
}
