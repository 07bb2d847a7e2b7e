// Placeholder: the photo pipeline lands here.
