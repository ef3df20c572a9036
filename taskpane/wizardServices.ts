/** The services the pane uses, whatever the host. */
import { gridServices } from './gridServices';
import type { WizardServices } from './services';

export function wizardServices(): WizardServices {
  return gridServices();
}
