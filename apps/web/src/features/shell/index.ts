export { Footer } from './components/footer';
export { Header } from './components/header';
export { SkipLink } from './components/skip-link';
