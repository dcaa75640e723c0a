import './store.css';

export { BundleCard } from './components/bundle-card';
export { BundlePage } from './components/bundle-page';
export { CheckoutPage } from './components/checkout-page';
export { StorePage } from './components/store-page';
