import './invitations.css';

export { SeatsAndInvitations } from './components/seats-and-invitations';
