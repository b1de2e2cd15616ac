# A raw byte that is no UTF-8 character, in a string literal of a UTF-8
# file (an escape such as "\xff" is fine): MRI's lexer refuses the file.
p "ok \xff".bytes.last
p "aÿb"
