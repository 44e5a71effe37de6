prompt_text = \
"""Generate an image advertisement for <keyword> targeting <audience>. 
The ad should feature \'<details>\'.
Through creative visuals ensure the image conveys \'<emotion>\'. 
Use lighting and composition to create a \'<color>\' color scheme that makes the ad visually striking and memorable.
Focus on aspects of this concept that do NOT include text, numbers, logos or typography.
"""