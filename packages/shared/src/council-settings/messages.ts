/** Every word the council settings screens and routes show (issue 16 point 4). */
export const councilSettingsMessages = {
  saved: 'Council settings saved',
  saveFailed: 'Failed to save changes',
  loadFailed: 'Council settings could not be loaded',
  flagsSaved: 'Feature flags saved',
  maintenanceSaved: 'Maintenance saved',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  nothingToChange: 'Nothing to change',
  invalidEmail: 'Enter a valid email address',
  locationIncomplete: 'Give both longitude and latitude, or neither',
  // Logos: checked by what the file is, never by its name or the type the browser claims.
  logoType: 'Upload a PNG, JPEG or WebP image (SVG and other files are refused)',
  logoUnreadable: 'This image could not be read: it may be damaged',
  logoTooLarge: 'The logo must be 1 MB or smaller',
  logoMissing: 'Choose an image to upload',
  logoUploadBroken: 'The upload was not received whole. Choose the image and upload it again.',
  logoNotFound: 'This council has no such logo',
  // Maintenance
  untilInPast: 'The until date must be in the future',
  pageRouteDuplicate: 'Each page may be listed once',
  pageRouteInvalid: 'A page is an address in this app starting with / (for example /map)',
  tooManyPages: 'At most 50 pages may have maintenance',
  // The council command
  nameTaken: 'A council with this name already exists',
} as const;

export const brandColourLabels = { mainColor: 'Main colour', headerColor: 'Header colour' } as const;
export type BrandColour = keyof typeof brandColourLabels;

/** Why a page's maintenance may not cover a route an administrator needs to turn it off. */
export const protectedRouteMessage = (route: string) =>
  `Maintenance cannot cover ${route}: administrators need it to turn maintenance off`;

export const logoDimensionsMessage = (min: number, max: number) =>
  `The image must be between ${min} and ${max.toLocaleString('en-GB')} pixels on each side`;
