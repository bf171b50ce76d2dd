import { lazy, Suspense } from 'react';

// The editor and the metagame are loaded when first opened, keeping the first page load small.
const EditorPage = lazy(() => import('./editor/EditorPage.tsx').then((m) => ({ default: m.EditorPage })));
const MetaPage = lazy(() => import('./metagame/MetaPage.tsx').then((m) => ({ default: m.MetaPage })));
const CurriculumPage = lazy(() =>
  import('./CurriculumPage.tsx').then((m) => ({ default: m.CurriculumPage })),
);

const loading = (node: React.ReactNode) => (
  <Suspense fallback={<p className="meta">Loading…</p>}>{node}</Suspense>
);

/** Intricacy's pages below /intricacy (the lock-picking page itself is /intricacy). */
export const INTRICACY_PAGES: Record<string, { title: string; render: () => React.ReactNode }> = {
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
