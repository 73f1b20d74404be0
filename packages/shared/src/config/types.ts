import { z } from 'zod';
import { errorScreenMessages } from '../http/messages';

/**
 * Spec 03 §3.1: the twelve configuration document types a council keeps. The key is what the
 * database and the API hold; the label is what an administrator reads.
 */
export const configTypes = {
  'interactive-map': 'Interactive map',
  'public-web-map': 'Public web map',
  'suggestion-map': 'Suggestion map',
  storytelling: 'Storytelling',
  'call-for-sites-questionnaire': 'Call for sites questionnaire',
  'touch-points': 'Touch points',
  'site-card': 'Site card',
  'site-features': 'Site features',
  'site-search': 'Site search',
  'map-metadata-card': 'Map metadata card',
  'layers-order': 'Layers order',
  'layer-tree-tooltips': 'Layer tree tooltips',
} as const;
export type ConfigType = keyof typeof configTypes;
export const configTypeNames = Object.keys(configTypes) as ConfigType[];
export const configTypeSchema = z.enum(configTypeNames as [ConfigType, ...ConfigType[]]);

/**
 * Spec 03 §3.1 / §9: the three tables a config lives in. 'configs' is the main one; an
 * 'immutable_configs' document refuses content changes once created; 'mutable_configs' holds
 * working copies anyone with admin rights may change.
 */
export const configStores = {
  configs: 'Configs',
  immutable_configs: 'Immutable configs',
  mutable_configs: 'Mutable configs',
} as const;
export type ConfigStore = keyof typeof configStores;
export const configStoreNames = Object.keys(configStores) as ConfigStore[];
export const configStoreSchema = z.enum(configStoreNames as [ConfigStore, ...ConfigStore[]]);

/** Spec 03 §3.1: the discriminator of a link object. */
export const CONFIG_LINK_TYPE = 'LINK_TO_CONFIG';

/**
 * The assignment of the council's current document of a type: the one the screens (site search,
 * site card, site features, the maps' layer configs) read. A council has at most one live document
 * of each type with it.
 */
export const TENANT_ASSIGNMENT = 'tenant';

/** How deep links may nest before resolution gives up (a→b→c… counts one per step). */
export const CONFIG_LINK_DEPTH_LIMIT = 10;

/** Every config message (spec 03 §8 word for word where it words them), once. */
export const configMessages = {
  /** Spec 03 §8. */
  invalid: 'Config is invalid',
  valid: 'Config is valid',
  failedToGet: 'Failed to get config',
  failedToSave: 'Failed to save changes',
  unknownError: 'Unknown error occurred',
  doesNotExist: (type: ConfigType) => `${configTypes[type]} config does not exist`,
  createHint: 'Please, create the config',
  notFound: 'Config is not found: 404',
  configDoesNotExist: 'Config does not exist',
  /** The config-error screen (spec 03 §8). */
  errorTitle: (message: string) => `Error: ${message}`,
  errorHint: errorScreenMessages.fallbackDetail,
  reload: 'Reload',
  /** The generic error screen (spec 03 §2, §8). */
  errorOccurred: errorScreenMessages.title,
  tryAgain: errorScreenMessages.tryAgain,
  /** Config comparison (spec 03 §4, §8). */
  initialMissing: 'Initial config is missing',
  currentMissing: 'Current config is missing',
  equal: 'Configs are equal',
  editorInvalid: 'Editor config is invalid',
  different: (count: number) => (count === 1 ? '1 change' : `${count} changes`),
  /** Links (spec 03 §3.1, §5). */
  linkMissing: (id: string) => `Config does not exist: ${id}`,
  linkCycle: (ids: readonly string[]) => `Config link cycle: ${ids.join(' → ')}`,
  linkTooDeep: `Config links are nested more than ${CONFIG_LINK_DEPTH_LIMIT} deep`,
  linkInvalid: 'A config link needs type LINK_TO_CONFIG, a config id and a table',
  /** Saving and history. */
  saved: 'Changes saved',
  immutable: 'An immutable config cannot be changed',
  stale: 'Someone else has saved this config since you opened it. Reload it to see their changes.',
  deleted: 'This config is deleted. Restore it first.',
  notDeleted: 'This config is not deleted',
  alreadyDeleted: 'This config is already deleted',
  liveExists: (type: ConfigType) =>
    `The council already has a current ${configTypes[type]} config. Change its assignment or delete it first.`,
  versionNotFound: (version: number) => `Version ${version} does not exist`,
  templateNotFound: 'Template does not exist',
  templateTypeMismatch: 'The template is for another config type',
  /** Feedback (spec 03 §3.2, §5). */
  feedbackNeedsAnswer: 'Feedback needs at least one of options, comment, multimedia or emotion',
  locationTwoNumbers: 'Location must have exactly 2 numbers',
  imageUrl: 'Image must be a URL',
  duplicateId: 'Two items have the same id',
  labelRequired: 'Enter a label',
  nameRequired: 'Enter a name',
  questionRequired: 'Enter a question',
  titleRequired: 'Enter a title',
  optionsForPreferences: 'A preferences question needs at least 2 options',
  itemsForRanking: 'A ranking question needs at least 2 items',
  tagInvalid: 'A tag has 1 to 50 characters',
} as const;
