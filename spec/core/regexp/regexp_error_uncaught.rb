# An uncaught RegexpError.
Regexp.new("[unclosed")
