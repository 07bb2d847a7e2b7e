// Placeholder: the demo photo server lands here.
