"""Parts of the trick and draw tables: the hand strip along the bottom (hidden-hand
switch, focus keys), the legal-action cache and table attributes over a visual model."""
