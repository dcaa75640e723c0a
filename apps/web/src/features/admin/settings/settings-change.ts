import type { AdminSettings } from '@portal/domain';

/**
 * A change to the settings draft, made on the draft as it is when it applies (not as the field
 * saw it when it rendered): an upload that ends after the administrator has typed elsewhere
 * adds its address to what they typed, and takes nothing back.
 */
export type SettingsChange = (update: (current: AdminSettings) => AdminSettings) => void;
