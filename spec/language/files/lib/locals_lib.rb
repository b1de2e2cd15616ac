lib_local = "only in lib"
module LocalsLib
  SAW_MAIN_LOCAL = defined?(secret)
end
$from_lib = lib_local
