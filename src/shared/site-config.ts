/** The public part of the configuration: the server writes it into index.html for the client. */
export interface SiteConfig {
  supportEmail: string;
  supportPhone: string;
  businessId: string;
  instagramUrl: string;
  facebookUrl: string;
  pressArticleUrl: string;
}
