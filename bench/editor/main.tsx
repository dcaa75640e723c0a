// The harness page of `npm run bench editor` (built by bench/editor.mjs, never shipped): the real
// studio PageEditor on the generated page, or (`?mode=floor`) a bare contenteditable holding the
// same HTML, the floor of the browser itself. Both record, for every key, when it was received and
// when the frame after it was presented (rAF, then a message: after paint), and keep the Event
// Timing entries (PerformanceObserver type 'event', durationThreshold 16) for bench/editor.mjs.
import '../../apps/web/src/styles/index.css';
import { pageSchema, type Page } from '@portal/domain';
import { StrictMode, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import messages from '../../apps/web/src/app/i18n/en-US.json';
import { PageEditor, type PageEditorHandle } from '../../apps/web/src/features/studio/editor';
import { benchPage, countWords, FIELD_COUNT, GLOSSARY, LOCALES } from './page';

interface EventEntry {
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
  interactionId: number;
}

interface KeySample {
  key: string;
  /** event.timeStamp of the keydown: when the browser received it. */
  at: number;
  /** After the next frame (rAF, then a posted message) − `at`. */
  toPaint: number;
  /** When the keydown handlers started − `at` (the input's wait for the main thread). */
  delay: number;
  /** The end of the key's handlers (keydown, and input when there is one) − `at`. */
  work: number;
}

const state = {
  mode: new URLSearchParams(location.search).get('mode') === 'floor' ? 'floor' : 'editor',
  ready: false,
  error: '' as string,
  words: 0,
  fields: 0,
  keys: [] as KeySample[],
  events: [] as EventEntry[],
  changes: 0,
};
declare global {
  interface Window {
    bench: typeof api;
  }
}

const page: Page = benchPage();
const checked = pageSchema.safeParse(page);
if (!checked.success)
  state.error = `the generated page is not a valid pack page: ${checked.error.message}`;
state.words = countWords(page);
state.fields = page.fragments.filter((f) => f.type === 'field').length;
if (state.fields !== FIELD_COUNT) state.error = `${state.fields} fields, not ${FIELD_COUNT}`;

new PerformanceObserver((list) => {
  for (const e of list.getEntries() as unknown as EventEntry[]) {
    if (!['keydown', 'keypress', 'keyup', 'beforeinput', 'input'].includes(e.name)) continue;
    state.events.push({
      name: e.name,
      startTime: e.startTime,
      processingStart: e.processingStart,
      processingEnd: e.processingEnd,
      duration: e.duration,
      interactionId: e.interactionId,
    });
  }
  // durationThreshold 16 is the least the API allows: quicker events are not reported.
}).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit);

// Registered before the editor's own listeners (on the window: capture first, bubble last).
// `work`: from the key to the end of its handlers, the input's included (the editor's keymaps,
// the browser's insertion, ProseMirror reading the DOM, its transaction, React's synchronous
// renders). `toPaint`: a message posted from the next frame's rAF runs after that frame is painted.
const afterPaint = new MessageChannel();
const paintQueue: ((now: number) => void)[] = [];
afterPaint.port1.onmessage = () => paintQueue.shift()?.(performance.now());
let current: KeySample | null = null;
window.addEventListener(
  'keydown',
  (event) => {
    const at = event.timeStamp;
    const sample: KeySample = {
      key: event.key,
      at,
      delay: performance.now() - at,
      work: 0,
      toPaint: 0,
    };
    current = sample;
    requestAnimationFrame(() => {
      paintQueue.push((now) => {
        sample.toPaint = now - at;
        state.keys.push(sample);
      });
      afterPaint.port2.postMessage(null);
    });
  },
  true,
);
const handled = () => {
  if (current) current.work = performance.now() - current.at;
};
window.addEventListener('keydown', handled);
window.addEventListener('input', handled);

function editable(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[contenteditable="true"]');
  if (!el) throw new Error('no contenteditable on the page');
  return el;
}

/** The text paragraphs of the first locale's columns (where an author types), in page order. */
function paragraphs(): HTMLElement[] {
  return [
    ...editable().querySelectorAll<HTMLElement>(
      '.studio-locale:first-child .studio-locale__text > p',
    ),
  ].filter((p) => (p.textContent ?? '').trim().length > 0);
}

const api = {
  state,
  /** Puts the caret at the end of the text at `where` (0: the page's first paragraph, 1: its last). */
  caretAt(where: number) {
    const list = paragraphs();
    const p = list[Math.min(list.length - 1, Math.round(where * (list.length - 1)))]!;
    editable().focus();
    let text: Node = p;
    while (text.lastChild) text = text.lastChild;
    const range = document.createRange();
    range.setStart(text, text.nodeType === Node.TEXT_NODE ? (text.textContent ?? '').length : 0);
    range.collapse(true);
    const selection = getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    p.scrollIntoView({ block: 'center' });
    return list.length;
  },
  /** Forgets the samples so far. */
  reset() {
    state.keys.length = 0;
    state.events.length = 0;
  },
  /** Text of the page, to check that the keys landed. */
  // textContent, not innerText: blocks out of view skip layout (content-visibility).
  text: () => editable().textContent ?? '',
};
window.bench = api;

function Harness() {
  const ref = useRef<PageEditorHandle>(null);
  return (
    <PageEditor
      ref={ref}
      page={page}
      locales={LOCALES}
      glossary={GLOSSARY}
      answerCounts={{ f1: 3, f9: 12 }}
      // What the studio does with it: keeps the page for the next autosave.
      onChange={() => {
        state.changes++;
      }}
    />
  );
}

const host = document.getElementById('root')!;
const root = createRoot(host);
root.render(
  <StrictMode>
    <IntlProvider locale="en-US" defaultLocale="en-US" messages={messages}>
      <main className="bench-main">
        <Harness />
      </main>
    </IntlProvider>
  </StrictMode>,
);

// The floor: the editor's HTML as drawn, in a bare contenteditable, with no script behind it.
requestAnimationFrame(() =>
  setTimeout(() => {
    if (state.mode === 'floor') {
      const html = editable().outerHTML;
      root.unmount();
      const main = document.createElement('main');
      main.className = 'bench-main';
      main.innerHTML = `<div class="studio-editor"><div class="studio-editor__main"><div class="studio-editor__content">${html}</div></div></div>`;
      host.append(main);
      // ProseMirror's own attributes go with it: a plain contenteditable from here on.
      editable().removeAttribute('translate');
    }
    state.ready = true;
  }, 0),
);
