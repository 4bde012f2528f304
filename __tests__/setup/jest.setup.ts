import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; two jest workers beside an embedded database on a
// busy CI machine can take longer than that to answer a component's first request. This is a
// bound on waiting for something that must appear, not a timing assertion.
configure({ asyncUtilTimeout: 5000 });
