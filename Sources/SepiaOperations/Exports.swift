// `Locked` is part of this module's API as its users know it (the examples guard their state
// with it); it lives in SepiaLocking so that the modules below this one can share it.
@_exported import SepiaLocking
