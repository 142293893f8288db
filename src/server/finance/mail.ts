import { site } from '../../config/site';

/**
 * The confirmation of payment details and the team's notice of them, in the words
 * src/server/mail/compose.ts lays out for every form: addressed to the contact email, greeting the
 * beneficiary, and never repeating a detail.
 */
export const paymentDetailsWording = {
  addressField: 'contactEmail',
  nameField: 'beneficiaryName',
  received: `Recibimos los datos de pago que enviaste a ${site.brand}. Por tu seguridad, este correo no los repite.`,
  nextStep: 'Si necesitas corregir algún dato, vuelve a enviar el formulario con tu ID de seguridad (Security Grantee ID): guardamos cada versión.',
  subject: (reference: string): string => `Recibimos tus datos de pago (${reference})`,
} as const;
