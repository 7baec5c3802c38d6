/** The quote section's element id: the target of every 'Get Quote' link. */
export const quoteSectionId = 'quote-section';
