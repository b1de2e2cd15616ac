# source is the pattern as written; to_s is the embeddable form.
p(/a+b/.source, /a\/b/.source, /\d\n/.source)
p(/abc/.to_s, /abc/i.to_s, /abc/mix.to_s, /abc/mx.to_s)
p(/(?i)abc/.to_s, /(?i:abc)/.to_s, /(?:abc)/.to_s, /(?i-mx:abc)/.to_s)
p Regexp.new(/ab/i.to_s).to_s
p "embedded: #{/x+/}"
