import { lazy, Suspense } from 'react';

// Every page but the welcome is loaded when first opened, keeping the first page load small.
const PickPage = lazy(() => import('./PickPage.tsx').then((m) => ({ default: m.PickPage })));
const EditorPage = lazy(() => import('./editor/EditorPage.tsx').then((m) => ({ default: m.EditorPage })));
const MetaPage = lazy(() => import('./metagame/MetaPage.tsx').then((m) => ({ default: m.MetaPage })));
const CurriculumPage = lazy(() =>
  import('./CurriculumPage.tsx').then((m) => ({ default: m.CurriculumPage })),
);

const loading = (node: React.ReactNode) => (
  <Suspense fallback={<p className="meta">Loading…</p>}>{node}</Suspense>
);

/** Intricacy's pages below /intricacy (the welcome page itself is /intricacy). */
export const INTRICACY_PAGES: Record<string, { title: string; render: () => React.ReactNode }> = {
  '/intricacy/pick': { title: 'Intricacy: pick a lock', render: () => loading(<PickPage />) },
  '/intricacy/edit': { title: 'Intricacy lock editor', render: () => loading(<EditorPage />) },
  '/intricacy/tutorial': {
    title: 'Intricacy tutorial',
    render: () => loading(<CurriculumPage key="tutorial" part="tutorial" />),
  },
  '/intricacy/initiation': {
    title: 'Intricacy initiation',
    render: () => loading(<CurriculumPage key="initiation" part="initiation" />),
  },
  '/intricacy/meta': { title: 'Intricacy metagame', render: () => loading(<MetaPage />) },
};
