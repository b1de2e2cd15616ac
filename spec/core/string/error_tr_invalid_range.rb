def shout(text)
  text.tr("z-a", "A-Z")
end
shout("hi")
