/** The services the pane uses, whatever the host: the workbook layer's session API. */
import type { WizardServices } from './services';
import { sessionServices } from './sessionServices';

export function wizardServices(): WizardServices {
  return sessionServices();
}
