module ConstLib
  VERSION = ($const_version = ($const_version || 0) + 1)
end
